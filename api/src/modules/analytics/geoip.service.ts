import { Injectable, Logger } from '@nestjs/common';

export interface GeoLocation {
  geoCity: string | null;
  geoRegion: string | null;
  geoCountry: string | null;
  geoLatitude: number | null;
  geoLongitude: number | null;
}

interface GeoIpRecord {
  country: string;
  region: string;
  city: string;
  ll: [number, number] | number[];
}

export interface GeoIpDatabase {
  lookup(ip: string): GeoIpRecord | null;
}

/** The result of a lookup made without waiting: the place, or "the database is still loading". */
export type ImmediateLookup = { ready: true; location: GeoLocation | null } | { ready: false };

const loadGeoIpLite = async (): Promise<GeoIpDatabase> => {
  const mod = (await import('geoip-lite')) as unknown as { default?: GeoIpDatabase } & GeoIpDatabase;
  return mod.default ?? mod;
};

/**
 * City, region, country and coordinates of an IP address from geoip-lite's offline database
 * (shipped inside the package; no network call). The database takes about 110 MB of memory,
 * so it is loaded on the first lookup rather than at start, and callers that cannot wait use
 * `lookupNow`, which never blocks on the load.
 */
@Injectable()
export class GeoIpService {
  private readonly logger = new Logger(GeoIpService.name);
  private database: GeoIpDatabase | undefined;
  private loading: Promise<GeoIpDatabase | undefined> | undefined;

  constructor(private readonly load: () => Promise<GeoIpDatabase> = loadGeoIpLite) {}

  /** Looks the address up if the database is in memory; otherwise starts loading it. */
  lookupNow(ip: string | null): ImmediateLookup {
    if (!ip) return { ready: true, location: null };
    if (this.database) return { ready: true, location: this.find(this.database, ip) };
    void this.whenLoaded();
    return { ready: false };
  }

  /** Looks the address up, loading the database first if needed. */
  async lookup(ip: string | null): Promise<GeoLocation | null> {
    if (!ip) return null;
    const database = await this.whenLoaded();
    return database ? this.find(database, ip) : null;
  }

  /** Resolves once the database is loaded (undefined if it could not be). */
  whenLoaded(): Promise<GeoIpDatabase | undefined> {
    this.loading ??= this.load().then(
      (database) => {
        this.database = database;
        return database;
      },
      (error: unknown) => {
        this.logger.error(`The GeoIP database did not load; events are stored without a location: ${String(error)}`);
        return undefined;
      },
    );
    return this.loading;
  }

  private find(database: GeoIpDatabase, ip: string): GeoLocation | null {
    const record = database.lookup(ip);
    if (!record) return null;
    const [latitude, longitude] = record.ll;
    return {
      geoCity: record.city || null,
      geoRegion: record.region || null,
      geoCountry: record.country || null,
      geoLatitude: Number.isFinite(latitude) ? latitude : null,
      geoLongitude: Number.isFinite(longitude) ? longitude : null,
    };
  }
}

/**
 * A place no finer than its country: what is kept for a visitor whose browser sends Global
 * Privacy Control (docs/privacy.md).
 */
export function countryOnly(location: GeoLocation | null): GeoLocation {
  return { geoCity: null, geoRegion: null, geoCountry: location?.geoCountry ?? null, geoLatitude: null, geoLongitude: null };
}
