/** The page bench:history opens in Chromium (bundled by history-search-browser.ts): the device part, callable from the bench. */
import { fillDevice, timeDeviceSearches } from './history-device';

export interface HistoryBenchPage {
  fillDevice: typeof fillDevice;
  timeDeviceSearches: typeof timeDeviceSearches;
}

Object.assign(window, { historyBench: { fillDevice, timeDeviceSearches } satisfies HistoryBenchPage });
