/** The delivery log's path (browser and server). */
export const deliveriesPath = (id: number) => `/manage/features/notifications/${id}/deliveries`;
