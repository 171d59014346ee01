/**
 * The rules every Latch shadow root needs: the theme's variables on `.latch-root` (SPEC §9: 10px
 * font, 4px radius masters), the button, muted text, focus and reduced motion. The ConnectButton's
 * shadow root holds only these (issue 16: it paints at start-up, in the host's start-up JS); the
 * modal's holds them followed by the rest (see modalStyles).
 */
export const baseStyles = /* css */ `
:host { all: initial; }
.latch-root {
  --fs: var(--latch-font-size-master, 10px);
  --r: var(--latch-border-radius-master, 4px);
  --accent: var(--latch-accent, #3b5bdb);
  --bg: #ffffff; --bg-2: #f1f3f5; --fg: #15171a; --fg-2: #4a5058; --border: #d9dde2;
  --danger: #b42318; --success: #12723a;
  font-family: var(--latch-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  font-size: calc(var(--fs) * 1.4); line-height: 1.4; color: var(--fg);
  color-scheme: light;
}
.latch-root[data-theme='dark'] {
  --bg: #16181c; --bg-2: #23262c; --fg: #f1f3f5; --fg-2: #b5bac1; --border: #363a42;
  --danger: #ff8a80; --success: #6fdc8c; color-scheme: dark;
}
.latch-button { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px;
  padding: 0 16px; border: 1px solid transparent; border-radius: calc(var(--r) * 3); font: inherit;
  font-weight: 600; cursor: pointer; background: var(--accent); color: #fff; }
.latch-button[data-variant='secondary'] { background: var(--bg-2); color: var(--fg); border-color: var(--border); }
.latch-button[data-variant='danger'] { background: transparent; color: var(--danger); border-color: var(--danger); }
.latch-button:disabled { opacity: 0.5; cursor: not-allowed; }
.latch-muted { color: var(--fg-2); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after, dialog.latch-dialog { animation: none !important; transition: none !important; }
}
`
