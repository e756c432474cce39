// Chart time labels in the visitor's time zone or in UTC (candles themselves are always UTC buckets).
import { TickMarkType, type Time } from 'lightweight-charts';

function seconds(time: Time): number {
  if (typeof time === 'number') return time;
  if (typeof time === 'string') return Date.parse(time) / 1000;
  return Date.UTC(time.year, time.month - 1, time.day) / 1000;
}

function fmt(utc: boolean, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: utc ? 'UTC' : undefined, hourCycle: 'h23' });
}

export type TimeFormatters = {
  /** Crosshair label and legend: "Fri 21 Nov 2026, 22:05". */
  full: (openTimeSec: number) => string;
  tickMark: (time: Time, type: TickMarkType) => string;
  crosshair: (time: Time) => string;
};

export function timeFormatters(utc: boolean): TimeFormatters {
  const full = fmt(utc, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const year = fmt(utc, { year: 'numeric' });
  const month = fmt(utc, { month: 'short' });
  const day = fmt(utc, { day: 'numeric', month: 'short' });
  const clock = fmt(utc, { hour: '2-digit', minute: '2-digit' });
  const tickFormats: Record<TickMarkType, Intl.DateTimeFormat> = {
    [TickMarkType.Year]: year,
    [TickMarkType.Month]: month,
    [TickMarkType.DayOfMonth]: day,
    [TickMarkType.Time]: clock,
    [TickMarkType.TimeWithSeconds]: clock,
  };
  return {
    full: (s) => full.format(new Date(s * 1000)),
    tickMark: (time, type) => tickFormats[type].format(new Date(seconds(time) * 1000)),
    crosshair: (time) => full.format(new Date(seconds(time) * 1000)),
  };
}

/** The visitor's time zone name, for the toggle's label. */
export function localZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}
