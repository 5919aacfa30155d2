/** Where an evacuation lives: its report's URL and its realtime channel (browser and server). */
export const evacuationChannel = (id: number) => `private-Evacuation.${id}`;
export const reportPath = (id: number) => `/reports/evacuations/${id}`;
