import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { isStaffPassword } from './staff-password.js';

export interface StaffUser {
  role: 'admin';
}

/** passport-local with one shared password: the "username" and the password are one field. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super({ usernameField: 'password', passwordField: 'password' });
  }

  validate(_username: string, password: string): StaffUser | false {
    return isStaffPassword(password, this.config.admin.password) ? { role: 'admin' } : false;
  }
}
