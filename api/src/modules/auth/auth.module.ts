import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AuthController } from './auth.controller.js';
import { LocalStrategy } from './local.strategy.js';
import { SessionMiddleware } from './session.middleware.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Staff login with one shared password, database-backed sessions, and the global guard. */
@Module({
  imports: [
    PassportModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'login', ttl: FIFTEEN_MINUTES_MS, limit: config.admin.loginAttemptsPer15Minutes }],
        errorMessage: 'Too many login attempts. Please wait 15 minutes and try again.',
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [LocalStrategy, { provide: APP_GUARD, useClass: AdminSessionGuard }],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes('{*path}');
  }
}
