// What the 'Informazioni App' card shows (product-spec.md section 9, Build info).
export const BUILD_INFO = { version: '2025.07.30', date: '2025.07.12' } as const;
