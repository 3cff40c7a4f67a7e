import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, VIA_NGINX } from './support/environment';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: VIA_NGINX ? 'chromium via nginx' : 'chromium',
      use: { ...devices['Desktop Chrome'] },
    },
  ],
});
