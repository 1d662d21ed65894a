/**
 * The WhatsApp link that opens a chat with a message already typed: `https://wa.me/<digits>?text=…`.
 * `number` is the guardian's wa.me link as the server gives it (or any written number): wa.me wants
 * the international number's digits alone, no `+`, spaces or dashes.
 */
export function whatsAppHref(number: string, message: string): string {
  const digits = number.replace(/^https:\/\/wa\.me\//, '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
