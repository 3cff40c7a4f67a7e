import { Typography } from 'antd';

/**
 * The attribution MaxMind's GeoLite2 licence asks for, wherever the staff see locations looked
 * up in it (geoip-lite ships the GeoLite2 data; docs/analytics.md).
 */
export function GeoLite2Attribution() {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, textAlign: 'center', marginTop: 12 }}>
      This product includes GeoLite2 data created by MaxMind, available from{' '}
      <a href="https://www.maxmind.com" target="_blank" rel="noopener noreferrer">
        https://www.maxmind.com
      </a>
      .
    </Typography.Text>
  );
}
