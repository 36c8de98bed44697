import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { serialFormatOf } from '../../../server/seed/machines.ts';
import { PlateFields, serialError } from './PlateFields.tsx';

const crown = serialFormatOf('Crown');
const format = { pattern: crown.pattern, example: crown.example };

describe('serialError', () => {
  it('accepts an empty serial and one the brand writes', () => {
    expect(serialError('', 'Crown', format)).toBe('');
    expect(serialError('   ', 'Crown', format)).toBe('');
    expect(serialError(crown.example, 'Crown', format)).toBe('');
  });

  it('says how the brand writes serials when the typed one is not such', () => {
    expect(serialError('not a serial!', 'Crown', format)).toBe(
      `That is not how Crown writes a serial number: for example ${crown.example}.`,
    );
  });

  it('refuses nothing by a format this browser cannot read', () => {
    expect(serialError('anything', 'Crown', { pattern: '(?<prefix', example: 'X1' })).toBe('');
  });
});

describe('PlateFields', () => {
  it('labels both fields as optional and ties the serial to its hint', () => {
    const html = renderToString(
      <PlateFields
        serial=""
        nickname=""
        onSerial={() => undefined}
        onNickname={() => undefined}
        serialExample="1A234567"
        serialHint="hint"
      />,
    );
    expect(html).toContain('Serial number (optional)');
    expect(html).toContain('Nickname (optional)');
    expect(html).toContain('placeholder="1A234567"');
    expect(html).toContain('aria-describedby="hint"');
  });
});
