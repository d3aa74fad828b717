import { checkMessage, text, type MessageSchema } from '../messageSchema';

/**
 * What the PQL notebook renderer posts to the extension: a certname clicked in a cell's output.
 * The output is named by the key its data carries; the host finds its cell in the notebook and the cell's
 * connection itself, so a renderer never chooses a connection.
 */
export type NotebookRendererMessage = { type: 'openNode'; outputKey: string; certname: string };

const schema: MessageSchema<NotebookRendererMessage> = {
  openNode: { outputKey: text(200), certname: text(1024) },
};

/** Why `message` is not one the renderer may post, or undefined when it is. */
export function checkRendererMessage(message: unknown): string | undefined {
  return checkMessage(schema, message);
}
