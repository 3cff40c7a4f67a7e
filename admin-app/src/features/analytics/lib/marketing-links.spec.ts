import { marketingLinks } from './marketing-links';

describe('marketing links', () => {
  it('are the eight preset channels on the site origin, with their utm values', () => {
    expect(marketingLinks('https://festival.example')).toEqual([
      { channel: 'Facebook', url: 'https://festival.example/?utm_source=facebook&utm_medium=social&utm_campaign=diwali2024' },
      { channel: 'Instagram', url: 'https://festival.example/?utm_source=instagram&utm_medium=social&utm_campaign=diwali2024' },
      { channel: 'Twitter', url: 'https://festival.example/?utm_source=twitter&utm_medium=social&utm_campaign=diwali2024' },
      { channel: 'WhatsApp', url: 'https://festival.example/?utm_source=whatsapp&utm_medium=messaging&utm_campaign=diwali2024' },
      { channel: 'Email Newsletter', url: 'https://festival.example/?utm_source=email&utm_medium=email&utm_campaign=diwali2024' },
      { channel: 'SMS Campaign', url: 'https://festival.example/?utm_source=sms&utm_medium=text&utm_campaign=diwali2024' },
      {
        channel: 'Party - Facebook',
        url: 'https://festival.example/diwali-party?utm_source=facebook&utm_medium=social&utm_campaign=diwali_party_2024',
      },
      {
        channel: 'Party - Instagram',
        url: 'https://festival.example/diwali-party?utm_source=instagram&utm_medium=social&utm_campaign=diwali_party_2024',
      },
    ]);
  });

  it('keep a port', () => {
    expect(marketingLinks('http://localhost:8080')[0].url).toBe(
      'http://localhost:8080/?utm_source=facebook&utm_medium=social&utm_campaign=diwali2024',
    );
  });
});
