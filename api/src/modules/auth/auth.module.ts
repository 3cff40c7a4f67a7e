import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AuthController } from './auth.controller.js';
import { DevicePassAttempts } from './device-pass-attempts.js';
import { DevicePassLimitsController } from './device-pass-limits.controller.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { SessionMiddleware } from './session.middleware.js';
import { LoginLimitGuard } from './login-limit.guard.js';

/**
 * Staff login with one shared password (the manager) or a device pass, database-backed
 * sessions, the global guard, and the login limit on the shared counters (every replica sees
 * the same count, a restart keeps it: common/rate-limiter.ts).
 */
@Module({
  imports: [PassportModule],
  controllers: [AuthController, DevicePassLimitsController],
  providers: [LocalStrategy, LocalAuthGuard, LoginLimitGuard, DevicePassAttempts, { provide: APP_GUARD, useClass: AdminSessionGuard }],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes('{*path}');
  }
}
