import { z } from 'zod';
import { htmlToText } from '../format/html-text.ts';

/**
 * A machine model as the build keeps it for its page (issue 31, item 7), from GET
 * /api/machines/models: validated, its texts plain (a hostile name is text, escaped where it
 * is shown, like every other). The model's parts are the build's own count, from the
 * products' fitment.
 */
const plain = z.string().transform(htmlToText);
const handle = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const machineRecordSchema = z.object({
  id: z.number().int().positive(),
  brand: plain.pipe(z.string().min(1)),
  brandHandle: handle,
  code: plain.pipe(z.string().min(1)),
  handle,
  name: plain.pipe(z.string().min(1)),
  series: plain,
  machineType: z.string(),
  aliases: z.array(plain),
  serialFormat: z.object({ pattern: z.string(), example: z.string() }),
});

export type MachineRecord = z.output<typeof machineRecordSchema>;
