/** How long a pointer must rest before a tooltip shows, and how long it stays after it leaves. */
export interface TooltipDelays {
  show: number;
  hide: number;
}

/**
 * spec storefront 9, "Tooltip delays: product page show 250 ms and hide 1000 ms; quick view
 * 3 s; price filter popover show 250 ms and hide 400 ms". A single figure (quick view) is
 * both delays, as for the show-and-hide pairs of the others.
 */
export const TOOLTIP_DELAYS = {
  product: { show: 250, hide: 1000 },
  quickView: { show: 3000, hide: 3000 },
  priceFilter: { show: 250, hide: 400 },
} as const satisfies Record<string, TooltipDelays>;

export type TooltipKind = keyof typeof TOOLTIP_DELAYS;

export const isTooltipKind = (value: string | undefined): value is TooltipKind =>
  value !== undefined && Object.hasOwn(TOOLTIP_DELAYS, value);

export interface TooltipTimer {
  /** The pointer came over the trigger or the tip: show after the show delay. */
  enter(): void;
  /** The pointer left both: hide after the hide delay. */
  leave(): void;
  /** Show now (keyboard focus, a tap on a toggle). */
  open(): void;
  /** Hide now (Escape, blur, another tooltip opening). */
  close(): void;
  /** A tap or click: open when closed, close when open. */
  toggle(): void;
  readonly isOpen: boolean;
  /** Stops any pending timer (the trigger left the page). */
  destroy(): void;
}

/** The tooltip open on the page, closed when another opens: never two at once. */
let openNow: TooltipTimer | undefined;

/**
 * The timing of one tooltip, apart from the DOM: `render(open)` is called only on a change.
 * Moving from the trigger into the tip (to read or select its text) cancels a pending hide,
 * so the tip is hoverable and stays while the pointer is over either (WCAG 1.4.13).
 */
export function tooltipTimer(delays: TooltipDelays, render: (open: boolean) => void): TooltipTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const set = (open: boolean) => {
    stop();
    if (shown === open) return;
    shown = open;
    if (open) {
      if (openNow && openNow !== self) openNow.close();
      openNow = self;
    } else if (openNow === self) {
      openNow = undefined;
    }
    render(open);
  };
  const self: TooltipTimer = {
    enter() {
      stop();
      if (!shown) timer = setTimeout(() => set(true), delays.show);
    },
    leave() {
      stop();
      if (shown) timer = setTimeout(() => set(false), delays.hide);
    },
    open: () => set(true),
    close: () => set(false),
    toggle: () => set(!shown),
    get isOpen() {
      return shown;
    },
    destroy() {
      stop();
      if (openNow === self) openNow = undefined;
    },
  };
  return self;
}

/**
 * Wires a tooltip to the page: `anchor` wraps the trigger and the tip, so moving between them
 * is not leaving. The tip is shown and hidden with its `hidden` attribute; the trigger should
 * name it in aria-describedby. A mouse rests to show it; keyboard focus shows it at once and
 * blur hides it; Escape hides it. With `tapToggles` (a trigger that does nothing else), a tap
 * toggles it, since a touch screen has no hover; a trigger that acts on a tap (quick view)
 * keeps the tip for mouse and keyboard. Returns a function that removes every listener.
 */
export function attachTooltip(
  { anchor, trigger, tip }: { anchor: HTMLElement; trigger: HTMLElement; tip: HTMLElement },
  delays: TooltipDelays,
  { tapToggles = false }: { tapToggles?: boolean } = {},
): () => void {
  const listeners = new AbortController();
  const { signal } = listeners;
  // Escape and a tap elsewhere matter only while the tip is open: the page's listeners are
  // added when it opens and removed when it closes, not kept for every tip of a long list.
  let whileOpen: AbortController | undefined;
  const timer = tooltipTimer(delays, (open) => {
    tip.hidden = !open;
    whileOpen?.abort();
    whileOpen = undefined;
    if (!open) return;
    keepOnScreen(tip);
    whileOpen = new AbortController();
    const page = { signal: whileOpen.signal };
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape') timer.close();
      },
      page,
    );
    // A tap elsewhere closes a tip a tap opened.
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (event.target instanceof Node && !anchor.contains(event.target)) timer.close();
      },
      page,
    );
  });
  const onMouse = (event: PointerEvent) => event.pointerType === 'mouse';
  anchor.addEventListener('pointerenter', (event) => onMouse(event) && timer.enter(), { signal });
  anchor.addEventListener('pointerleave', (event) => onMouse(event) && timer.leave(), { signal });
  trigger.addEventListener(
    'focus',
    () => {
      if (trigger.matches(':focus-visible')) timer.open();
    },
    { signal },
  );
  trigger.addEventListener('blur', () => timer.close(), { signal });
  trigger.addEventListener(
    'pointerup',
    (event) => {
      if (tapToggles && !onMouse(event)) timer.toggle();
    },
    { signal },
  );
  return () => {
    listeners.abort();
    whileOpen?.abort();
    timer.destroy();
  };
}

/** The margin a tip keeps from the sides of the window. */
const EDGE_PX = 8;

/**
 * Shifts an open tip sideways (through --tip-shift, which its transform adds) so that a tip
 * centred over a trigger near the edge of a phone's screen stays readable.
 */
function keepOnScreen(tip: HTMLElement) {
  tip.style.setProperty('--tip-shift', '0px');
  const box = tip.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const shift =
    box.left < EDGE_PX
      ? EDGE_PX - box.left
      : box.right > width - EDGE_PX
        ? width - EDGE_PX - box.right
        : 0;
  tip.style.setProperty('--tip-shift', `${String(Math.round(shift))}px`);
}

/**
 * Wires every prerendered tooltip under `root`: an element with `data-tooltip` (a TooltipKind)
 * around a trigger with aria-describedby and its role="tooltip" tip; `data-tooltip-tap` makes
 * a tap toggle it. Each wired anchor gets `data-tooltip-ready`.
 */
export function wireTooltips(root: ParentNode): void {
  for (const anchor of root.querySelectorAll<HTMLElement>('[data-tooltip]')) {
    const kind = anchor.dataset.tooltip;
    const trigger = anchor.querySelector<HTMLElement>('[aria-describedby]');
    const tip = anchor.querySelector<HTMLElement>('[role="tooltip"]');
    if (!isTooltipKind(kind) || !trigger || !tip) continue;
    attachTooltip({ anchor, trigger, tip }, TOOLTIP_DELAYS[kind], {
      tapToggles: anchor.hasAttribute('data-tooltip-tap'),
    });
    anchor.dataset.tooltipReady = ''; // wired (tests wait for it)
  }
}
