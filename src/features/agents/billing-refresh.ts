/**
 * After a chat is charged (or refunded) the credit figures elsewhere in the app should update.
 * The billing store owns them; it listens here, so chats do not depend on its internals.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onChatCharged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceCharge(): void {
  for (const listener of listeners) listener();
  window.dispatchEvent(new CustomEvent('mosaic:credits-changed'));
}
