// Stands in for `server-only` outside the React server bundle (tests and scripts run server code directly).
export {};
