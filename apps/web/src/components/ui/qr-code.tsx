// A QR code drawn as SVG (the delivery link, the otpauth URL of two-step sign-in). The encoder is
// fetched with the first code shown, so no page that shows none carries it.

/** The dark modules of a QR code for `text`, row by row. */
export async function encodeQr(text: string): Promise<boolean[][]> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** Four modules of light margin all round, as scanners expect. */
const QUIET_ZONE = 4;

export function QrSvg({ modules, label, value }: { modules: boolean[][]; label: string; value: string }) {
  const size = modules.length + QUIET_ZONE * 2;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      role="img"
      aria-label={label}
      data-value={value}
      viewBox={`0 0 ${size} ${size}`}
      width={232}
      height={232}
      shapeRendering="crispEdges"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
