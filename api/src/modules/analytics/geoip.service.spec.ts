import { Logger } from '@nestjs/common';
import { GeoIpService, type GeoIpDatabase } from './geoip.service.js';

const database: GeoIpDatabase = {
  lookup: (ip) => (ip === '81.2.69.160' ? { country: 'GB', region: 'ENG', city: 'Newmarket', ll: [52.2264, 0.4841] } : null),
};

describe('GeoIpService', () => {
  it('loads the database on first use, without making the first caller wait', async () => {
    const load = jest.fn().mockResolvedValue(database);
    const geo = new GeoIpService(load);
    expect(load).not.toHaveBeenCalled();

    expect(geo.lookupNow('81.2.69.160')).toEqual({ ready: false });
    await geo.whenLoaded();
    expect(geo.lookupNow('81.2.69.160')).toEqual({
      ready: true,
      location: { geoCity: 'Newmarket', geoRegion: 'ENG', geoCountry: 'GB', geoLatitude: 52.2264, geoLongitude: 0.4841 },
    });
    expect(geo.lookupNow('10.0.0.1')).toEqual({ ready: true, location: null });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers "no place" for no address without loading anything', async () => {
    const load = jest.fn().mockResolvedValue(database);
    const geo = new GeoIpService(load);
    expect(geo.lookupNow(null)).toEqual({ ready: true, location: null });
    await expect(geo.lookup(null)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps working without places when the database cannot load, and says why in the log', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const geo = new GeoIpService(() => Promise.reject(new Error('missing data file')));
    await expect(geo.lookup('81.2.69.160')).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/GeoIP database did not load.*missing data file/));
    logged.mockRestore();
  });

  it('reports empty city and region as unknown', async () => {
    const geo = new GeoIpService(async () => ({ lookup: () => ({ country: 'US', region: '', city: '', ll: [37.751, -97.822] }) }));
    await expect(geo.lookup('8.8.8.8')).resolves.toEqual({
      geoCity: null,
      geoRegion: null,
      geoCountry: 'US',
      geoLatitude: 37.751,
      geoLongitude: -97.822,
    });
  });
});
