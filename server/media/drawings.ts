import type { Palette } from './svg.ts';

/**
 * Simple, recognisable line drawings of each kind of part, on an 800x800 canvas with the
 * part centred around (400, 370) and room for a caption below. Each takes the picture's
 * colours and returns SVG elements.
 */
export type Drawing = (p: Palette) => string;

/** `count` points on a circle, for bolts, balls and tread blocks. */
function around(count: number, radius: number, cx = 400, cy = 370): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2;
    return [Math.round(cx + radius * Math.cos(angle)), Math.round(cy + radius * Math.sin(angle))];
  });
}

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
const stroke = (colour: string, width: number) => ` stroke="${colour}" stroke-width="${width}"`;

const wheel: Drawing = (p) =>
  circle(400, 370, 260, p.rubber) +
  circle(400, 370, 215, p.primary, stroke(p.dark, 6)) +
  circle(400, 370, 110, p.metal, stroke(p.dark, 6)) +
  around(6, 70)
    .map(([x, y]) => circle(x, y, 14, p.dark))
    .join('') +
  circle(400, 370, 34, p.background, stroke(p.dark, 6));

const tire: Drawing = (p) =>
  circle(400, 370, 280, p.rubber) +
  around(24, 262)
    .map(
      ([x, y], i) =>
        `<rect x="${x - 16}" y="${y - 26}" width="32" height="52" fill="${p.dark}" ` +
        `transform="rotate(${i * 15} ${x} ${y})"/>`,
    )
    .join('') +
  circle(400, 370, 200, p.rubber, stroke(p.dark, 4)) +
  circle(400, 370, 130, p.primary, stroke(p.dark, 6)) +
  circle(400, 370, 40, p.metal, stroke(p.dark, 6));

const sealKit: Drawing = (p) =>
  circle(300, 330, 150, 'none', stroke(p.rubber, 34)) +
  circle(560, 300, 95, 'none', stroke(p.primary, 26)) +
  circle(540, 530, 70, 'none', stroke(p.accent, 20)) +
  circle(270, 560, 55, 'none', stroke(p.rubber, 18)) +
  circle(400, 600, 30, 'none', stroke(p.primary, 12));

const pump: Drawing = (p) =>
  rect(220, 470, 360, 70, p.metal, stroke(p.dark, 6)) +
  rect(270, 250, 260, 230, p.primary, `${stroke(p.dark, 8)} rx="18"`) +
  rect(340, 120, 120, 140, p.metal, stroke(p.dark, 6)) +
  rect(385, 60, 30, 70, p.dark) +
  rect(530, 320, 90, 50, p.accent, stroke(p.dark, 6)) +
  circle(320, 430, 16, p.dark) +
  circle(480, 430, 16, p.dark);

const handle: Drawing = (p) =>
  `<rect x="250" y="70" width="300" height="170" rx="80" fill="none"${stroke(p.primary, 40)}/>` +
  rect(380, 230, 40, 420, p.primary, stroke(p.dark, 4)) +
  rect(340, 330, 120, 30, p.accent, `${stroke(p.dark, 4)} rx="10"`) +
  rect(300, 640, 200, 50, p.metal, `${stroke(p.dark, 6)} rx="12"`) +
  circle(400, 665, 14, p.dark);

const chain: Drawing = (p) =>
  Array.from({ length: 6 }, (_, i) => {
    const x = 150 + i * 95;
    const y = 560 - i * 75;
    const colour = i % 2 === 0 ? p.metal : p.primary;
    return (
      `<rect x="${x - 70}" y="${y - 40}" width="140" height="80" rx="40" fill="none" ` +
      `${stroke(colour, 22).trim()} transform="rotate(-38 ${x} ${y})"/>`
    );
  }).join('');

const bearing: Drawing = (p) =>
  circle(400, 370, 250, p.metal, stroke(p.dark, 8)) +
  circle(400, 370, 190, p.dark) +
  around(12, 160)
    .map(([x, y]) => circle(x, y, 34, p.background, stroke(p.dark, 4)))
    .join('') +
  circle(400, 370, 125, p.primary, stroke(p.dark, 8)) +
  circle(400, 370, 80, p.background, stroke(p.dark, 6));

const battery: Drawing = (p) =>
  rect(250, 110, 80, 50, p.metal, stroke(p.dark, 4)) +
  rect(470, 110, 80, 50, p.metal, stroke(p.dark, 4)) +
  rect(160, 150, 480, 470, p.primary, `${stroke(p.dark, 8)} rx="20"`) +
  rect(160, 300, 480, 110, p.accent) +
  `<path d="M270 200h40M290 180v40M490 200h40"${stroke(p.background, 10)}/>` +
  `<path d="M420 320l-40 60h40l-20 50 70-80h-45l25-30z" fill="${p.background}"/>`;

const charger: Drawing = (p) =>
  rect(180, 170, 360, 360, p.primary, `${stroke(p.dark, 8)} rx="28"`) +
  rect(230, 220, 260, 110, p.background, `${stroke(p.dark, 6)} rx="10"`) +
  rect(250, 260, 150, 30, p.accent) +
  circle(290, 430, 30, p.metal, stroke(p.dark, 5)) +
  circle(430, 430, 30, p.metal, stroke(p.dark, 5)) +
  `<path d="M540 450c120 0 120 180 20 200"${stroke(p.rubber, 16)} fill="none"/>` +
  rect(500, 630, 90, 60, p.rubber, ' rx="10"');

const axle: Drawing = (p) =>
  rect(110, 330, 580, 80, p.metal, `${stroke(p.dark, 6)} rx="20"`) +
  rect(150, 320, 24, 100, p.dark) +
  rect(626, 320, 24, 100, p.dark) +
  rect(340, 310, 120, 120, p.primary, `${stroke(p.dark, 6)} rx="14"`);

const pin: Drawing = (p) =>
  rect(170, 310, 90, 120, p.primary, `${stroke(p.dark, 6)} rx="16"`) +
  rect(250, 335, 400, 70, p.metal, `${stroke(p.dark, 6)} rx="16"`) +
  circle(590, 370, 14, p.dark) +
  `<path d="M590 370c0 120 80 120 80 60"${stroke(p.accent, 10)} fill="none"/>`;

const brake: Drawing = (p) =>
  circle(400, 370, 240, p.metal, stroke(p.dark, 8)) +
  around(8, 170)
    .map(([x, y]) => circle(x, y, 16, p.dark))
    .join('') +
  circle(400, 370, 90, p.background, stroke(p.dark, 8)) +
  `<path d="M560 150a260 260 0 0 1 0 440l-60-60a180 180 0 0 0 0-320z" fill="${p.primary}"` +
  `${stroke(p.dark, 6)}/>`;

const fork: Drawing = (p) =>
  `<path d="M180 90h110v500h420v90H180z" fill="${p.primary}"${stroke(p.dark, 8)}/>` +
  rect(200, 140, 70, 24, p.dark) +
  rect(200, 260, 70, 24, p.dark) +
  `<path d="M710 590l40 90h-40z" fill="${p.dark}"/>`;

const roller: Drawing = (p) =>
  rect(180, 280, 440, 180, p.primary, stroke(p.dark, 6)) +
  `<ellipse cx="180" cy="370" rx="45" ry="90" fill="${p.dark}"/>` +
  `<ellipse cx="620" cy="370" rx="45" ry="90" fill="${p.metal}"${stroke(p.dark, 6)}/>` +
  rect(640, 355, 90, 30, p.metal, stroke(p.dark, 4)) +
  rect(70, 355, 90, 30, p.metal, stroke(p.dark, 4));

const cylinder: Drawing = (p) =>
  circle(140, 370, 50, 'none', stroke(p.dark, 22)) +
  rect(190, 300, 320, 140, p.primary, `${stroke(p.dark, 8)} rx="16"`) +
  rect(250, 290, 30, 160, p.dark) +
  rect(510, 345, 180, 50, p.metal, stroke(p.dark, 6)) +
  circle(700, 370, 45, 'none', stroke(p.dark, 20));

const switchDrawing: Drawing = (p) =>
  rect(220, 150, 360, 440, p.primary, `${stroke(p.dark, 8)} rx="30"`) +
  circle(400, 330, 110, p.background, stroke(p.dark, 8)) +
  rect(385, 230, 30, 120, p.accent, `${stroke(p.dark, 4)} transform="rotate(35 400 330)"`) +
  rect(300, 480, 200, 50, p.metal, `${stroke(p.dark, 4)} rx="10"`);

const controller: Drawing = (p) =>
  Array.from({ length: 9 }, (_, i) => rect(170 + i * 52, 120, 28, 90, p.metal)).join('') +
  rect(150, 200, 500, 380, p.primary, `${stroke(p.dark, 8)} rx="16"`) +
  rect(200, 250, 240, 140, p.background, `${stroke(p.dark, 5)} rx="8"`) +
  Array.from({ length: 4 }, (_, i) =>
    circle(510 + (i % 2) * 70, 290 + (i >> 1) * 90, 24, p.accent),
  ).join('') +
  Array.from({ length: 6 }, (_, i) =>
    rect(200 + i * 66, 440, 40, 90, p.metal, stroke(p.dark, 4)),
  ).join('');

const horn: Drawing = (p) =>
  rect(370, 560, 60, 130, p.metal, stroke(p.dark, 6)) +
  circle(400, 370, 220, p.primary, stroke(p.dark, 8)) +
  circle(400, 370, 150, p.dark) +
  circle(400, 370, 90, p.accent, stroke(p.background, 10)) +
  circle(400, 370, 30, p.metal);

const light: Drawing = (p) =>
  around(12, 300)
    .map(([x, y]) => `<line x1="400" y1="370" x2="${x}" y2="${y}"${stroke(p.accent, 14)}/>`)
    .join('') +
  circle(400, 370, 210, p.dark) +
  circle(400, 370, 170, p.background, stroke(p.metal, 16)) +
  circle(400, 370, 90, p.accent) +
  rect(370, 580, 60, 110, p.dark);

const seat: Drawing = (p) =>
  `<path d="M250 110h240q40 0 40 40v290H230V150q0-40 20-40z" fill="${p.primary}"` +
  `${stroke(p.dark, 8)}/>` +
  `<path d="M170 450h460q30 0 30 40v60q0 40-40 40H180q-40 0-40-40v-60q0-40 30-40z" ` +
  `fill="${p.primary}"${stroke(p.dark, 8)}/>` +
  rect(360, 590, 80, 100, p.metal, stroke(p.dark, 6)) +
  `<path d="M290 180v220M380 180v220M470 180v220"${stroke(p.dark, 6)}/>`;

const filter: Drawing = (p) =>
  rect(300, 100, 200, 60, p.metal, `${stroke(p.dark, 6)} rx="10"`) +
  rect(240, 150, 320, 500, p.primary, `${stroke(p.dark, 8)} rx="40"`) +
  Array.from({ length: 8 }, (_, i) => rect(240, 220 + i * 50, 320, 14, p.dark)).join('') +
  rect(280, 330, 240, 120, p.background, `${stroke(p.dark, 5)} rx="12"`);

/** A hex nut and bolt: the drawing of a kind with no drawing of its own. */
const part: Drawing = (p) =>
  rect(380, 160, 60, 420, p.metal, stroke(p.dark, 6)) +
  Array.from({ length: 12 }, (_, i) => {
    const y = 330 + i * 20;
    return `<line x1="380" y1="${y}" x2="440" y2="${y + 10}"${stroke(p.dark, 4)}/>`;
  }).join('') +
  `<polygon points="300,100 520,100 560,170 520,240 300,240 260,170" fill="${p.primary}"` +
  `${stroke(p.dark, 8)}/>` +
  `<polygon points="310,500 510,500 545,560 510,620 310,620 275,560" fill="${p.accent}"` +
  `${stroke(p.dark, 8)}/>` +
  circle(410, 560, 36, p.background, stroke(p.dark, 6));

/** Drawings by part kind (the first segment of a product picture's name). */
export const drawings: Readonly<Record<string, Drawing>> = {
  wheel,
  'seal-kit': sealKit,
  pump,
  handle,
  chain,
  bearing,
  battery,
  charger,
  axle,
  pin,
  brake,
  fork,
  roller,
  cylinder,
  switch: switchDrawing,
  controller,
  horn,
  light,
  seat,
  tire,
  filter,
  part,
};

/** The drawing of a kind; unknown kinds get the generic part. */
export function drawingFor(kind: string): Drawing {
  return Object.hasOwn(drawings, kind) ? (drawings[kind] ?? part) : part;
}
