// `yarrow trigger <event>`: makes an event happen for real, through the same API and hosted pages a
// merchant and their customer use, and says what it did. Events that need something the CLI cannot
// do alone (a paired phone, a day passing) say what to do instead. Each domain writes its events'
// recipes (src/<domain>/trigger.ts); generated/trigger/ is their copy in the SDK.
import { recipes } from '../generated/trigger/index.ts';
import { CliError, checkServer } from './api.ts';
import type { TriggerOptions } from './recipe.ts';

export async function trigger(event: string, options: TriggerOptions): Promise<void> {
  const recipe = recipes[event];
  if (!recipe) {
    throw new CliError(`Unknown event "${event}". Events: ${Object.keys(recipes).join(', ')}.`);
  }
  await checkServer(options);
  options.print(`Triggering ${event} on ${options.baseUrl}…`);
  await recipe(options);
  options.print(`Done: ${event} is recorded (yarrow listen shows it; GET /api/v1/events lists it).`);
}
