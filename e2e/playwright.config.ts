import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, VIA_NGINX } from './support/environment';

const PROJECT = VIA_NGINX ? 'chromium via nginx' : 'chromium';
const SOLD_OUT = /sold-out\.spec\.ts$/;
const SEASONS = /seasons\.spec\.ts$/;
const FEAST = /feast-packs\.spec\.ts$/;
const MEALS = /meals\.spec\.ts$/;
const WAITLIST = /waitlist\.spec\.ts$/;
const AUDIENCES = /campaign-audiences\.spec\.ts$/;

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
    // Through nginx, the site is served with a self-signed certificate made for the run: the
    // browsers take it as valid (CHROMIUM_ARGS), the API request contexts need telling.
    ignoreHTTPSErrors: VIA_NGINX,
    // No traces by default: recording one for every test (to keep those that fail) made the
    // suite a third slower on two cores (dashboard and settings specs: 234 s with, 151 s
    // without). `--trace retain-on-failure` records them for a run being debugged.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: PROJECT,
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [SOLD_OUT, SEASONS, FEAST, MEALS, WAITLIST, AUDIENCES],
    },
    // Meal options change the party's contact step: after the others (it clears them at its end),
    // before the party sells out (it buys tickets).
    {
      name: `${PROJECT}, meals`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: MEALS,
      dependencies: [PROJECT],
    },
    // Selling the last tickets ends every purchase after it: it runs once all the others have.
    {
      name: `${PROJECT}, sold out last`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: SOLD_OUT,
      dependencies: [`${PROJECT}, meals`],
    },
    // The waitlist needs the party sold out: right after, before the feast and next-event projects.
    {
      name: `${PROJECT}, waitlist after sold out`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: WAITLIST,
      dependencies: [`${PROJECT}, sold out last`],
    },
    // Opening feast pack pre-orders changes the landing page for every visitor: after the others.
    {
      name: `${PROJECT}, feast pre-orders`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: FEAST,
      dependencies: [`${PROJECT}, waitlist after sold out`],
    },
    // Starting the next event changes the party on sale for every page: after all the others.
    {
      name: `${PROJECT}, next event last`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: SEASONS,
      dependencies: [`${PROJECT}, feast pre-orders`],
    },
    // Guests who agreed last season, mailed after another next event has started: at the very end.
    {
      name: `${PROJECT}, audiences across seasons`,
      use: { ...devices['Desktop Chrome'] },
      testMatch: AUDIENCES,
      dependencies: [`${PROJECT}, next event last`],
    },
  ],
});
