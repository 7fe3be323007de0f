/**
 * "Install app": Chromium browsers announce installability with `beforeinstallprompt`. The event
 * is kept so the app can offer installation from its own menu instead of the browser's mini bar.
 */
import { proxy } from 'valtio';

/** The non-standard event Chromium fires; not in TypeScript's DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export const installState = proxy({
  /** True while the browser allows prompting (an install is possible and not yet done). */
  canInstall: false,
  installed: false,
});

let deferredPrompt: BeforeInstallPromptEvent | null = null;

function isInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

/** Starts listening (call once at start-up; returns a stop function). */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    if (!isInstallPrompt(event)) return;
    // Keeps the browser's own mini-infobar away; the menu item offers the install instead.
    event.preventDefault();
    deferredPrompt = event;
    installState.canInstall = true;
  };
  const onInstalled = () => {
    deferredPrompt = null;
    installState.canInstall = false;
    installState.installed = true;
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/**
 * Shows the browser's install dialog. A prompt event can be used once, so it is dropped either
 * way; the browser fires a new one later if installing is still possible.
 */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferredPrompt;
  if (!event) return 'unavailable';
  deferredPrompt = null;
  installState.canInstall = false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
