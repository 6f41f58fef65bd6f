// Live bots change two collections on their own (issue 11): an investment's state when its bot
// stops or fails, and the transactions as cycles close. The views that show them ask again at
// this pace while they are open; the other views keep the single load of product-spec.md
// section 4.
export const LIVE_COLLECTION_REFRESH_MS = 5000;
