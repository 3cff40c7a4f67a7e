import { deviceType } from './device.js';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  watch: 'Mozilla/5.0 (Linux; Android 13; SM-R910) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  galaxyTab: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  tv: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
};

describe('deviceType', () => {
  it('calls phones and watches Mobile', () => {
    expect(deviceType(UA.iphone)).toBe('Mobile');
    expect(deviceType(UA.pixel)).toBe('Mobile');
    expect(deviceType(UA.watch)).toBe('Mobile');
  });

  it('calls iPads and Android tablets Tablet', () => {
    expect(deviceType(UA.ipad)).toBe('Tablet');
    expect(deviceType(UA.galaxyTab)).toBe('Tablet');
  });

  it('calls a known browser or system without a device kind Desktop', () => {
    expect(deviceType(UA.windows)).toBe('Desktop');
    expect(deviceType(UA.mac)).toBe('Desktop');
    expect(deviceType(UA.linux)).toBe('Desktop');
  });

  it('calls a missing, blank or unrecognised user agent, and TVs, Unknown', () => {
    expect(deviceType(null)).toBe('Unknown');
    expect(deviceType(undefined)).toBe('Unknown');
    expect(deviceType('  ')).toBe('Unknown');
    expect(deviceType('curl/8.5.0')).toBe('Unknown');
    expect(deviceType(UA.tv)).toBe('Unknown');
  });
});
