/** Whether a new version of the app is installed and waiting for the user's go-ahead. */
import { proxy } from 'valtio';

export const updateState = proxy({
  /** A new worker is waiting; the page shows "A new version is available". */
  updateAvailable: false,
  /** The user chose Later; the prompt stays hidden until the next new version. */
  dismissed: false,
  /** The user chose Reload; the page reloads as soon as the new worker is in control. */
  applying: false,
});
