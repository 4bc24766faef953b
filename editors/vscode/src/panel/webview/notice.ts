// The panel's notice (the model loopls picked when none is set; notice.ts),
// drawn under the setup card: its words, "Choose a model…" and Dismiss. DOM
// only, text through textContent; the buttons are messages to the host.

import type { NoticeView } from '../notice';
import type { WebviewMessage } from '../messages';

export function drawNotice(doc: Document, box: HTMLElement, notice: NoticeView | undefined, post: (m: WebviewMessage) => void): void {
  box.hidden = !notice;
  if (!notice) {
    box.replaceChildren();
    return;
  }
  const card = doc.createElement('div');
  card.className = 'notice-card';
  card.dataset.model = notice.model;
  const text = doc.createElement('div');
  text.className = 'notice-text';
  // Backquoted parts (the model's name) as code.
  notice.text.split('`').forEach((part, i) => {
    if (i % 2 === 1) {
      const code = doc.createElement('code');
      code.textContent = part;
      text.append(code);
    } else text.append(part);
  });
  const buttons = doc.createElement('div');
  buttons.className = 'notice-buttons';
  const choose = doc.createElement('button');
  choose.type = 'button';
  choose.className = 'notice-choose';
  choose.textContent = 'Choose a model…';
  choose.title = 'Open the loopls.model setting';
  choose.addEventListener('click', () => post({ type: 'noticeAction', action: 'chooseModel' }));
  const dismiss = doc.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'notice-dismiss';
  dismiss.textContent = 'Dismiss';
  dismiss.title = `Do not say this again for ${notice.model}`;
  dismiss.addEventListener('click', () => post({ type: 'noticeAction', action: 'dismiss' }));
  buttons.append(choose, dismiss);
  card.append(text, buttons);
  box.replaceChildren(card);
}
