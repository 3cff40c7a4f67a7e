import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'festival:isPublic';

/**
 * Marks a route (or a whole controller) as open to guests. Every other route requires the
 * staff session: the secure default, checked for every route by a test.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
