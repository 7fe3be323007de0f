/**
 * In-page probes of npm run bench:send (send-latency.bench.ts), installed before the app's own
 * scripts. Written as source text, not functions: the bench runs under tsx, whose name helpers
 * would be missing inside the page.
 *
 * Times are on the page's clock (performance.now(); an event's timeStamp is on the same clock),
 * from the trusted click on Send:
 * - `shown`: the first DOM change that puts the sent text in a user bubble of the conversation (or,
 *   on an agent's start page, in the message on its way); `frame`: the next animation frame after
 *   it, when the browser paints it;
 * - `row`: the first DOM change that puts it in a row of the conversation list, the copy read back
 *   from IndexedDB (what the screen showed first before the message was held in memory);
 * - `formatted`: the first element the Markdown renderer makes (a heading, bold text, a list item, a
 *   table, code) inside a reply, streaming or finished; `formattedFrame`: the frame after it.
 */

export interface SendProbe {
  text: string;
  clickAt: number;
  shown: number;
  frame: number;
  row: number;
  formatted: number;
  formattedFrame: number;
  /** When the reply's event stream answered (0: not opened since the click). */
  streamOpened: number;
}

export const SEND_PROBE_SCRIPT = `
(() => {
  const probe = { text: '', clickAt: 0, shown: 0, frame: 0, row: 0, formatted: 0, formattedFrame: 0, streamOpened: 0 };
  window.__sendProbe = probe;
  // When the reply's event stream answered (its headers): resource timing has no entry for a
  // response still open, and the stream stays open past the first words.
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answered = pageFetch.call(this, input, init);
    if (probe.clickAt && !probe.streamOpened && /[/]stream([?]|$)/.test(url)) {
      answered.then(() => { if (!probe.streamOpened) probe.streamOpened = performance.now(); }, () => {});
    }
    return answered;
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Send' && probe.text && !probe.clickAt) probe.clickAt = event.timeStamp;
  }, true);
  const hasText = (selector) => Array.from(document.querySelectorAll(selector)).some((element) => element.textContent === probe.text);
  const check = () => {
    if (!probe.clickAt) return;
    if (!probe.shown && hasText('.chat-bubble--user')) {
      probe.shown = performance.now();
      requestAnimationFrame(() => { probe.frame = performance.now(); });
    }
    if (!probe.row && hasText('.message-list__row .chat-bubble--user')) probe.row = performance.now();
    if (!probe.formatted && document.querySelector('.chat-message--assistant .markdown-body :is(h1, h2, h3, h4, strong, em, li, table, code)')) {
      probe.formatted = performance.now();
      requestAnimationFrame(() => { probe.formattedFrame = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

/** Arms the probe for the next send of `text` (the page's previous figures are dropped). */
export const ARM_PROBE = (text: string) => `Object.assign(window.__sendProbe, { text: ${JSON.stringify(text)}, clickAt: 0, shown: 0, frame: 0, row: 0, formatted: 0, formattedFrame: 0, streamOpened: 0 })`;

export const READ_PROBE = 'JSON.stringify(window.__sendProbe)';
