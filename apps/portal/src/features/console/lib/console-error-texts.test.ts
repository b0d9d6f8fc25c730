import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { initI18n } from '@/shared/i18n/i18n';

const refusal = (code: number) => new ApiError(403, 'POST', '/api/console/money-requests/1/approve', { code, ErrorMessage: 'server text' });

describe("the money requests' refusal texts (loaded with the console, not with a player's first chunk)", () => {
  it('are the server text until the console loads, then in the member’s language', async () => {
    await initI18n('tr');
    expect(translateError(refusal(ErrorCode.OwnMoneyRequest))).toBe('server text');
    await import('./console-error-texts');
    expect(translateError(refusal(ErrorCode.OwnMoneyRequest))).toBe('Bu talebi ikinci bir yönetici onaylamalı: talebi siz yaptınız.');
    await initI18n('ar');
    expect(translateError(refusal(ErrorCode.MoneyRequestDecided))).toBe('تم البتّ في هذا الطلب بالفعل.');
  });
});
