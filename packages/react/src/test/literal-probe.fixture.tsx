// A fixture for strings.test.ts: the literals below must be found (this file is never shipped).
export function Probe({ t }: { t: (key: string) => string }) {
  return (
    <div>
      <p>Connect now</p>
      <button aria-label="Close it">{t('modal.close')}</button>
      <span className="latch-muted">{'•'}</span>
    </div>
  )
}
