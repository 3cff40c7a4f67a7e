import { replaceAll } from './guest-sweep.js';

describe('replaceAll', () => {
  it('replaces every occurrence of each string in any case, and nothing else', () => {
    const text = 'Waitlist Asha.Raman@Example.com; to asha.raman@example.com, phone (408) 555-0101';
    expect(
      replaceAll(text, [
        ['asha.raman@example.com', 'erased-1a2b3c4d@erased.invalid'],
        ['(408) 555-0101', 'erased'],
      ]),
    ).toBe('Waitlist erased-1a2b3c4d@erased.invalid; to erased-1a2b3c4d@erased.invalid, phone erased');
  });

  it('takes the strings literally, not as patterns', () => {
    expect(replaceAll('a+b@x.io and aab@xxio', [['a+b@x.io', 'gone']])).toBe('gone and aab@xxio');
  });
});
