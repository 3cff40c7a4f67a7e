import { ConfigError, loadConfig } from './app-config.js';

describe('METRICS_PORT', () => {
  it('is 9464 unless set, and 0 (no metrics) under NODE_ENV=test unless a test asks', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).metrics).toEqual({ port: 9464 });
    expect(loadConfig({ NODE_ENV: 'test' }).metrics).toEqual({ port: 0 });
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9470' }).metrics).toEqual({ port: 9470 });
    expect(loadConfig({ NODE_ENV: 'development', METRICS_PORT: '0' }).metrics).toEqual({ port: 0 });
  });

  it('refuses anything but a port number, naming the variable', () => {
    for (const value of ['abc', '-1', '65536', '9464.5']) {
      expect(() => loadConfig({ NODE_ENV: 'development', METRICS_PORT: value })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'development', METRICS_PORT: value })).toThrow(/METRICS_PORT: must be a port number/);
    }
  });
});
