// The data-testid values of the markets and pair pages, shared by the components and the e2e specs.

export const PAIR_TEST_IDS = {
  chart: 'pair-chart',
  legend: 'candle-legend',
  legendOpen: 'legend-open',
  legendHigh: 'legend-high',
  legendLow: 'legend-low',
  legendClose: 'legend-close',
  legendVolume: 'legend-volume',
  legendTime: 'legend-time',
  liveStatus: 'live-status',
  headerPrice: 'pair-price',
  headerChange: 'pair-change-24h',
  headerVolumeBase: 'pair-volume-base-24h',
  tradesTable: 'pair-trades',
} as const;
