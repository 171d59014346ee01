/** A loading indicator with a spoken label. */
export function Spinner({ label }: { label: string }) {
  return (
    <>
      <span className="latch-spinner" aria-hidden="true" />
      <span className="latch-visually-hidden">{label}</span>
    </>
  )
}
