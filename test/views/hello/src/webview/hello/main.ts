/** The hello view: a greeting in the page frame, or what went wrong in its error banner. */
import '../common/page/pageFrame.css';
import './hello.css';
import type { HostToEveryPage, HostToHello } from '../../shared/protocol';
import { PageFrame } from '../common/page/pageFrame';
import { keepShown, onHostMessage, postToHost } from '../common/vscodeApi';

const again = () => postToHost('hello', { type: 'again' });
const frame = new PageFrame(document.getElementById('app')!, {
  className: 'hello-header',
  loadingLabel: 'Asking PuppetDB',
  reload: { label: 'Load again', run: again },
  errorActions: (action) => postToHost('hello', action),
});
const text = document.createElement('p');
frame.body.append(text);

onHostMessage('hello', (message: Exclude<HostToHello, HostToEveryPage>) => {
  switch (message.type) {
    case 'loading':
      frame.setTitle(message.title);
      frame.setLoading(true);
      frame.showError(undefined);
      frame.showRestored(undefined);
      text.textContent = '';
      break;
    case 'greeting':
      frame.setLoading(false);
      frame.showRestored(message.restored);
      text.textContent = message.text;
      keepShown('hello', { text: message.text }, 'The greeting', message.restored?.savedAt);
      break;
    case 'restored':
      frame.setTitle(message.title);
      frame.setLoading(false);
      frame.showRestored(message.note);
      break;
    case 'error':
      frame.setLoading(false);
      frame.showError(message);
      break;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
});
postToHost('hello', { type: 'ready' });
