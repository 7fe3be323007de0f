/**
 * Asks one window something on a MessageChannel and waits for its answer on the port, or for
 * `timeoutMs`. Resolves undefined when the window did not answer in time or could not be asked.
 */
export interface AskableWindow {
  url: string;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export function askWindow<T>(window: AskableWindow, message: unknown, timeoutMs: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const finish = (answer: T | undefined) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => finish(event.data);
    try {
      window.postMessage(message, [channel.port2]);
    } catch {
      finish(undefined);
    }
  });
}
