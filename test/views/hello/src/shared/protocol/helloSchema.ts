/** The run-time checks of the hello view (hello.ts). */
import { object, oneOf } from '../messageSchema';
import { longText, name, shaped, viewSchema } from './commonSchema';
import type { HelloProtocol } from './hello';

export const helloSchema = viewSchema<HelloProtocol>({
  toHost: { again: {} },
  restore: object({ entry: oneOf('hello'), connectionId: name, certname: name }),
  shown: shaped<HelloProtocol['shown']>({ text: longText }),
});
