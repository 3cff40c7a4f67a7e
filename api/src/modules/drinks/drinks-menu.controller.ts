import { Body, Controller, Get, Header, Param, Post, Put } from '@nestjs/common';
import {
  drinksMenuOrderSchema,
  menuDrinkUpdateSchema,
  newMenuDrinkSchema,
  type AdminDrinksMenu,
  type DrinksMenuOrder,
  type MenuDrink,
  type MenuDrinkUpdate,
  type NewMenuDrink,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { DrinksMenuEditor } from './drinks-menu-editor.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/**
 * The `Drinks menu` section of the manager's settings (docs/drinks.md): manager only (no @Roles;
 * the bar keeps `PATCH /api/admin/drinks/:id` for stock).
 */
@Controller('admin/drinks-menu')
export class DrinksMenuController {
  constructor(private readonly editor: DrinksMenuEditor) {}

  /** Every drink, hidden ones too, in menu order. */
  @Get()
  @ApiRoute({ tag: 'settings', summary: 'The drinks menu for editing', response: { type: 'AdminDrinksMenu' } })
  @Header('Cache-Control', 'no-store')
  list(): Promise<AdminDrinksMenu> {
    return this.editor.list();
  }

  @Post()
  @ApiRoute({
    tag: 'settings',
    summary: 'Add a drink',
    body: { schema: newMenuDrinkSchema, name: 'NewMenuDrink' },
    response: { type: 'MenuDrink' },
  })
  @Header('Cache-Control', 'no-store')
  add(@Body(new ZodValidationPipe(newMenuDrinkSchema)) body: NewMenuDrink, @CurrentStaff() actor: StaffActor): Promise<MenuDrink> {
    return this.editor.add(body, actor);
  }

  /** Before `:id`, so `order` is never taken for a drink's id. */
  @Put('order')
  @ApiRoute({
    tag: 'settings',
    summary: "Change the menu's order",
    body: { schema: drinksMenuOrderSchema, name: 'DrinksMenuOrder' },
    response: { type: 'AdminDrinksMenu' },
  })
  @Header('Cache-Control', 'no-store')
  reorder(
    @Body(new ZodValidationPipe(drinksMenuOrderSchema)) body: DrinksMenuOrder,
    @CurrentStaff() actor: StaffActor,
  ): Promise<AdminDrinksMenu> {
    return this.editor.reorder(body.ids, actor);
  }

  @Put(':id')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change a drink',
    body: { schema: menuDrinkUpdateSchema, name: 'MenuDrinkUpdate' },
    response: { type: 'MenuDrink' },
  })
  @Header('Cache-Control', 'no-store')
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(menuDrinkUpdateSchema)) body: MenuDrinkUpdate,
    @CurrentStaff() actor: StaffActor,
  ): Promise<MenuDrink> {
    return this.editor.update(id, body, actor);
  }
}
