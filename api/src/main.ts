import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Loaded once the configuration is known good, so a bad one is refused at once.
  const [{ createApp }, { createLogger }] = await Promise.all([import('./app.factory.js'), import('./common/logger.js')]);
  const logger = createLogger(config.logLevel);
  if (config.admin.usingDevelopmentPassword) {
    logger.warn(
      `ADMIN_PASSWORD is not set: the staff area uses the development password "${config.admin.password}". Set ADMIN_PASSWORD before real use.`,
    );
  }
  const { app } = await createApp(config, logger);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.info(
    { url, database: config.database.type },
    `Festival site listening on ${url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
