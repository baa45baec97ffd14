// The reading worker: detects and reads a long text off the page's thread, so that the page
// answers keystrokes and clicks while a large capture is read (see the README's budget). It
// reads with the built-in formats only; the page reads itself when a script registered others.
import { ADAPTERS } from './formats/registry.js';
import { readText, type ReadResult } from './read.js';

/** A request: the text and the format chosen in the menu (none: detect). */
export interface ReadRequest {
  readonly id: number;
  readonly text: string;
  readonly chosen: string | undefined;
}

export type ReadReply =
  | { readonly id: number; readonly ok: true; readonly result: ReadResult }
  | { readonly id: number; readonly ok: false; readonly message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage(message: ReadReply): void;
};

scope.onmessage = (event) => {
  const { id, text, chosen } = event.data;
  try {
    scope.postMessage({ id, ok: true, result: readText(text, chosen, ADAPTERS) });
  } catch (error) {
    // Adapters never throw; should one, the page reads the text itself and shows what it gets.
    scope.postMessage({ id, ok: false, message: String(error) });
  }
};
