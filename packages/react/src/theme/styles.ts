import { baseStyles } from './base-styles.js'
import { ANIMATION_MS } from './theme.js'

/**
 * The modal's whole stylesheet: {@link baseStyles}, then the dialog's and the views' rules. It
 * lives in the shadow root, so the host's CSS cannot reach it and it cannot leak out.
 */
export const modalStyles =
  baseStyles +
  /* css */ `
dialog.latch-dialog {
  box-sizing: border-box; width: min(var(--latch-modal-width, 360px), calc(100vw - 16px));
  max-height: calc(100vh - 32px); padding: 0; border: 1px solid var(--border);
  border-radius: calc(var(--r) * 6); background: var(--bg); color: var(--fg);
  font: inherit; overflow: hidden; box-shadow: 0 12px 40px rgb(0 0 0 / 25%);
}
dialog.latch-dialog::backdrop { background: rgb(0 0 0 / 45%); }
/* On a phone (issue 37) the dialog is a bottom sheet: full width, on the bottom edge, the same
   dialog (semantics, focus trap, Escape) and the same view inside. */
@media (max-width: 479.98px) {
  dialog.latch-dialog { width: 100vw; max-width: 100vw; margin: auto 0 0; max-height: calc(100dvh - 40px);
    border-width: 1px 0 0; border-radius: calc(var(--r) * 6) calc(var(--r) * 6) 0 0;
    padding-bottom: env(safe-area-inset-bottom, 0px); animation: latch-sheet-in ${ANIMATION_MS.viewTransition}ms ease-out; }
}
@keyframes latch-sheet-in { from { transform: translateY(24px) } to { transform: none } }
.latch-dialog[data-shake='true'] { animation: latch-shake 500ms ease-in-out; }
@keyframes latch-shake { 10%, 90% { transform: translateX(-2px) } 30%, 70% { transform: translateX(4px) } 50% { transform: translateX(-4px) } }
.latch-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px; }
.latch-title:focus { outline: none; }
.latch-title { margin: 0; text-align: center; font-size: calc(var(--fs) * 1.6); font-weight: 600; }
/* SPEC §9: the header's text fades in at 120 ms with a new view; the body's height follows the
   view in 150 ms (height-motion.ts: CSS cannot transition an auto height). */
.latch-title-enter { display: inline-block; animation: latch-title-in ${ANIMATION_MS.headerText}ms ease; }
@keyframes latch-title-in { from { opacity: 0 } to { opacity: 1 } }
.latch-body { padding: 0 16px 16px; }
.latch-view-enter { animation: latch-view-in ${ANIMATION_MS.viewTransition}ms ease; }
@keyframes latch-view-in { from { opacity: 0; transform: translateY(4px) } to { opacity: 1; transform: none } }
.latch-icon-button { width: 32px; height: 32px; display: inline-grid; place-items: center; border: 0;
  border-radius: calc(var(--r) * 2); background: transparent; color: var(--fg-2); cursor: pointer; font: inherit; }
.latch-icon-button:hover { background: var(--bg-2); }
.latch-icon-button[aria-disabled='true'] { opacity: 0.4; cursor: not-allowed; }
.latch-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.latch-list-item { width: 100%; display: flex; align-items: center; gap: 12px; min-height: 48px; padding: 8px 12px;
  border: 1px solid var(--border); border-radius: calc(var(--r) * 3); background: var(--bg-2); color: var(--fg);
  font: inherit; text-align: start; cursor: pointer; box-sizing: border-box; }
.latch-list-item:hover { border-color: var(--accent); }
.latch-list-item img, .latch-avatar { width: 32px; height: 32px; border-radius: calc(var(--r) * 2); flex: none; object-fit: cover; }
.latch-badge { display: inline-grid; place-items: center; font-weight: 700; }
.latch-badge::before { content: attr(data-initial); }
.latch-tag { margin-inline-start: auto; font-size: calc(var(--fs) * 1.1); color: var(--fg-2);
  border: 1px solid var(--border); border-radius: 999px; padding: 2px 8px; }
.latch-center { display: grid; justify-items: center; gap: 12px; text-align: center; padding: 16px 0; }
.latch-error { color: var(--danger); }
.latch-input { box-sizing: border-box; width: 100%; min-height: 40px; padding: 0 12px; border: 1px solid var(--border);
  border-radius: calc(var(--r) * 3); background: var(--bg); color: var(--fg); font: inherit; }
/* Connect (issue 37): its sections apart, the email as one field, the first social button full
   width and the others as a row of icons. */
.latch-connect { display: grid; gap: 16px; }
.latch-field-with-action { position: relative; }
.latch-field-with-action .latch-input { padding-inline-end: 44px; }
.latch-field-action { position: absolute; inset-block: 4px; inset-inline-end: 4px; height: auto; color: var(--accent); }
.latch-field-action:disabled { color: var(--fg-2); opacity: 0.5; cursor: default; }
.latch-spinner-small { width: 14px; height: 14px; border-width: 2px; }
.latch-socials { display: grid; gap: 8px; }
.latch-social-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(40px, 1fr)); gap: 8px; }
.latch-social-icon { min-height: 40px; display: grid; place-items: center; border: 1px solid var(--border);
  border-radius: calc(var(--r) * 3); background: var(--bg-2); color: var(--fg); cursor: pointer; font: inherit; }
.latch-social-icon:hover { border-color: var(--accent); }
.latch-social-mark { width: 20px; height: 20px; flex: none; }
[dir='rtl'] .latch-mirror-rtl { transform: scaleX(-1); }
/* Send's token picker (issue 37): a button, and under it a search over a listbox of tokens. */
.latch-picker { display: grid; gap: 8px; }
.latch-picker-trigger { display: flex; align-items: center; gap: 8px; min-height: 48px; text-align: start; cursor: pointer; }
.latch-picker-trigger .latch-avatar, .latch-picker .latch-list-item .latch-avatar { width: 24px; height: 24px; }
.latch-picker-popup { display: grid; gap: 8px; }
.latch-picker-popup .latch-list { max-height: 240px; overflow-y: auto; }
.latch-picker .latch-list-item[aria-selected='true'] { border-color: var(--accent); outline: 1px solid var(--accent); }
.latch-picker-name { display: flex; gap: 6px; align-items: baseline; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.latch-picker-amounts { margin-inline-start: auto; text-align: end; white-space: nowrap; }
.latch-tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--border); margin: 12px 0; }
.latch-tab { flex: 1; padding: 8px; border: 0; background: none; color: var(--fg-2); font: inherit; cursor: pointer;
  border-bottom: 2px solid transparent; }
.latch-tab[aria-selected='true'] { color: var(--fg); border-bottom-color: var(--accent); }
.latch-spinner { width: 24px; height: 24px; border: 3px solid var(--border); border-top-color: var(--accent);
  border-radius: 50%; animation: latch-spin 800ms linear infinite; }
@keyframes latch-spin { to { transform: rotate(360deg) } }
.latch-toast { position: fixed; inset-block-end: 16px; inset-inline: 16px; margin: auto; max-width: 320px; padding: 10px 14px;
  border-radius: calc(var(--r) * 3); background: var(--fg); color: var(--bg); box-shadow: 0 6px 20px rgb(0 0 0 / 25%); }
/* Inside the open dialog the toast takes its place at the bottom, never over the modal's content. */
dialog .latch-toast { position: static; max-width: none; margin: 0 16px 16px; box-shadow: none; }
.latch-toast[data-variant='error'] { background: var(--danger); color: #fff; }
.latch-alert { margin: 0 16px 12px; padding: 8px 12px; border-radius: calc(var(--r) * 2); border: 1px solid var(--danger); color: var(--danger); }
.latch-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
