import { messageNames } from './mail.service.js';

describe("messageNames (an erased guest's outbox files)", () => {
  const needle = 'asha.raman@example.com';

  it('finds the address in the headers, in any case', () => {
    expect(messageNames('To: Asha.Raman@Example.COM\nSubject: Tickets\n\nHello', needle)).toBe(true);
  });

  it('finds it in a quoted-printable part split by a soft line break', () => {
    expect(messageNames('Content-Transfer-Encoding: quoted-printable\n\nSent to asha.ra=\nman=40example.com today', needle)).toBe(true);
  });

  it('finds it in a base64 part', () => {
    const body = Buffer.from(`Your tickets, sent to ${needle}, are attached.`).toString('base64');
    expect(messageNames(`Content-Transfer-Encoding: base64\n\n${body.slice(0, 40)}\n${body.slice(40)}\n`, needle)).toBe(true);
  });

  it('leaves a message to someone else alone', () => {
    expect(messageNames('To: meena@example.com\n\nHello Meena', needle)).toBe(false);
  });
});
