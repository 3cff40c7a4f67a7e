import { Module } from '@nestjs/common';

/** The auth feature; its endpoints arrive with the feature's own work. */
@Module({})
export class AuthModule {}
