// Inline SVG illustrations shipped with the app (no image files, no external services). They hold
// no words, so they read the same in both languages; their meaning is in the label passed in.
import { Paper, Text } from '@mantine/core';
import { IconMapPinFilled } from '@tabler/icons-react';
import classes from './marketing.module.css';

const TEAL = 'var(--mantine-color-teal-6)';
const TEAL_DARK = 'var(--mantine-color-teal-8)';
const LINE = 'var(--mantine-color-gray-3)';
const SOFT = 'var(--mantine-color-gray-1)';

function Check({ x, y }: { x: number; y: number }) {
  return (
    <path
      d={`M${x - 5} ${y} l3.5 3.5 l6.5 -7`}
      fill="none"
      stroke="#fff"
      strokeWidth={2.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

/** An order card split into four instalments (the first paid), a 0% badge and a "supplier paid" chip. */
export function InstalmentIllustration({ label }: { label: string }) {
  const segments = [0, 1, 2, 3];
  return (
    <svg viewBox="0 0 440 340" role="img" aria-label={label} className={classes.illustration}>
      <defs>
        <filter id="qist-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="8" stdDeviation="10" floodColor="#0b7285" floodOpacity="0.14" />
        </filter>
      </defs>
      <circle cx="225" cy="170" r="150" fill="var(--mantine-color-teal-1)" opacity="0.6" />
      <circle cx="60" cy="70" r="6" fill={TEAL} opacity="0.5" />
      <circle cx="400" cy="260" r="9" fill="var(--mantine-color-yellow-4)" opacity="0.7" />
      <circle cx="385" cy="30" r="4" fill={TEAL} opacity="0.5" />

      {/* the order */}
      <g filter="url(#qist-shadow)">
        <rect x="70" y="62" width="280" height="214" rx="18" fill="#fff" />
      </g>
      <circle cx="106" cy="100" r="16" fill={TEAL} />
      <path d="M99 100h14M106 93v14" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <rect x="132" y="89" width="120" height="10" rx="5" fill={LINE} />
      <rect x="132" y="105" width="76" height="8" rx="4" fill={SOFT} />
      <rect x="96" y="136" width="150" height="20" rx="10" fill={TEAL_DARK} opacity="0.85" />
      <rect x="256" y="140" width="60" height="12" rx="6" fill={SOFT} />

      {/* four instalments: the first one paid */}
      {segments.map((i) => (
        <rect
          key={`bar-${i}`}
          x={96 + i * 58}
          y="180"
          width="50"
          height="10"
          rx="5"
          fill={i === 0 ? TEAL : 'var(--mantine-color-gray-2)'}
        />
      ))}
      {segments.map((i) => (
        <g key={`dot-${i}`}>
          <circle
            cx={121 + i * 58}
            cy="224"
            r="14"
            fill={i === 0 ? TEAL : '#fff'}
            stroke={i === 0 ? TEAL : LINE}
            strokeWidth="2.5"
          />
          {i === 0 ? <Check x={121} y={224} /> : <rect x={115 + i * 58} y="252" width="12" height="5" rx="2.5" fill={SOFT} />}
        </g>
      ))}
      <rect x="109" y="252" width="24" height="5" rx="2.5" fill={TEAL} opacity="0.5" />

      {/* 0% */}
      <g filter="url(#qist-shadow)">
        <circle cx="352" cy="74" r="44" fill="var(--mantine-color-yellow-5)" />
      </g>
      <text
        x="352"
        y="84"
        textAnchor="middle"
        fontSize="28"
        fontWeight="800"
        fill="#fff"
        fontFamily="Inter, system-ui, sans-serif"
        direction="ltr"
      >
        0%
      </text>

      {/* the supplier, paid */}
      <g filter="url(#qist-shadow)">
        <rect x="238" y="262" width="168" height="58" rx="16" fill="#fff" />
      </g>
      <circle cx="268" cy="291" r="15" fill="var(--mantine-color-green-6)" />
      <Check x={268} y={291} />
      <rect x="292" y="281" width="90" height="9" rx="4.5" fill={LINE} />
      <rect x="292" y="296" width="58" height="7" rx="3.5" fill={SOFT} />
    </svg>
  );
}

/**
 * A stylised map of Kuwait City: the bay, the ring roads and a pin on the office. `label` describes
 * it for screen readers; `pin` and `sea` are shown on it.
 */
export function MapIllustration({ label, pin, sea }: { label: string; pin: string; sea: string }) {
  const center = { x: 250, y: 118 };
  const rings = [48, 92, 136, 180, 226];
  return (
    <div className={classes.map}>
      <svg viewBox="0 0 480 300" role="img" aria-label={label}>
        <rect width="480" height="300" fill="#f4f0e6" />
        {/* districts */}
        <g fill="#ebe5d6">
          <rect x="40" y="200" width="70" height="44" rx="6" />
          <rect x="130" y="236" width="86" height="40" rx="6" />
          <rect x="300" y="238" width="64" height="46" rx="6" />
          <rect x="40" y="128" width="56" height="48" rx="6" />
        </g>
        <rect x="166" y="160" width="62" height="34" rx="8" fill="#d8ecd0" />
        {/* ring roads and radial roads, drawn before the sea so the coast cuts them */}
        <g fill="none" strokeLinecap="round">
          {rings.map((r) => (
            <circle key={`o-${r}`} cx={center.x} cy={center.y} r={r} stroke="#ddd3bd" strokeWidth="9" />
          ))}
          {rings.map((r) => (
            <circle key={`i-${r}`} cx={center.x} cy={center.y} r={r} stroke="#fff" strokeWidth="5" />
          ))}
          {[
            [20, 300],
            [120, 320],
            [250, 330],
            [380, 320],
            [0, 190],
          ].map(([x, y]) => (
            <g key={`${x}-${y}`}>
              <path d={`M${center.x} ${center.y} L${x} ${y}`} stroke="#ddd3bd" strokeWidth="9" />
              <path d={`M${center.x} ${center.y} L${x} ${y}`} stroke="#fff" strokeWidth="5" />
            </g>
          ))}
        </g>
        {/* the Arabian Gulf and Kuwait Bay */}
        <path
          d="M0 0 H480 V300 H452 C 430 250 400 214 360 192 C 320 170 296 140 262 122 C 226 104 196 70 150 62 C 100 54 52 70 0 84 Z"
          fill="#cfe7f7"
        />
        <path
          d="M452 300 C 430 250 400 214 360 192 C 320 170 296 140 262 122 C 226 104 196 70 150 62 C 100 54 52 70 0 84"
          fill="none"
          stroke="#b5d7ee"
          strokeWidth="3"
        />
        <g stroke="#b5d7ee" strokeWidth="2" strokeLinecap="round" fill="none" opacity="0.9">
          <path d="M300 40 q10 -6 20 0 t20 0" />
          <path d="M380 110 q10 -6 20 0 t20 0" />
          <path d="M120 24 q10 -6 20 0 t20 0" />
        </g>
        {/* the office */}
        <circle cx="262" cy="168" r="26" fill={TEAL} opacity="0.16" />
        <circle cx="262" cy="168" r="13" fill={TEAL} opacity="0.28" />
      </svg>
      <Paper
        className={classes.mapLabel}
        style={{ left: `${(262 / 480) * 100}%`, top: `${(168 / 300) * 100}%` }}
        shadow="sm"
        radius="xl"
        px="sm"
        py={4}
        aria-hidden
      >
        <Text fz="sm" fw={700} c="teal.8" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <IconMapPinFilled size={16} />
          {pin}
        </Text>
      </Paper>
      <Text
        aria-hidden
        fz="xs"
        fs="italic"
        c="blue.8"
        pos="absolute"
        style={{ left: '64%', top: '12%', letterSpacing: 1 }}
      >
        {sea}
      </Text>
    </div>
  );
}
