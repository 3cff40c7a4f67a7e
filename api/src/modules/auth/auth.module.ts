import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AuthController } from './auth.controller.js';
import { DevicePassAttempts } from './device-pass-attempts.js';
import { DevicePassLimitsController } from './device-pass-limits.controller.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';
import { SessionMiddleware } from './session.middleware.js';
import { TypeormThrottlerStorage } from './typeorm-throttler.storage.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * Staff login with one shared password (the manager) or a device pass, database-backed
 * sessions, the global guard, and the login limit counted in the database (shared by every
 * replica, kept across restarts).
 */
@Module({
  imports: [
    PassportModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, dataSource: DataSource) => ({
        throttlers: [{ name: 'login', ttl: FIFTEEN_MINUTES_MS, limit: config.admin.loginAttemptsPer15Minutes }],
        errorMessage: 'Too many login attempts. Please wait 15 minutes and try again.',
        storage: new TypeormThrottlerStorage(dataSource.getRepository(LoginAttemptEntity)),
      }),
    }),
  ],
  controllers: [AuthController, DevicePassLimitsController],
  providers: [LocalStrategy, LocalAuthGuard, DevicePassAttempts, { provide: APP_GUARD, useClass: AdminSessionGuard }],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes('{*path}');
  }
}
