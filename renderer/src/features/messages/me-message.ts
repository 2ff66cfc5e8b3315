/**
 * A "/me" message (`is_me_message`) says what its sender does: the service renders "/me waves" as
 * `<p>/me waves</p>`, and it is shown as "Ben Okafor waves", the name in place of the command.
 */
const ME_COMMAND = /^<p>\/me(?= |<\/p>)/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function meMessageHtml(html: string, senderName: string): string {
  return html.replace(
    ME_COMMAND,
    () => `<p><span class="me-message-sender">${escapeHtml(senderName)}</span>`,
  );
}
