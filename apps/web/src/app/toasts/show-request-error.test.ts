import { STORAGE_KEYS } from '@tollgate/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiFailure, HttpError } from '@/lib/api/errors';
import { EXPIRED_LOGIN_PATH, showRequestError } from './show-request-error';
import { showError, showInfo } from './toast';

vi.mock('./toast', () => ({ showError: vi.fn(), showInfo: vi.fn() }));

describe('showRequestError', () => {
  let assign: MockInstance<Location['assign']>;

  beforeEach(() => {
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.clearAllMocks();
    vi.restoreAllMocks();
  });

  it('401 clears the local user and goes to the expired login page', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'alice', role: 1 }));
    showRequestError(new HttpError(401, 'Request failed with status code 401'));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(assign).toHaveBeenCalledWith(EXPIRED_LOGIN_PATH);
    expect(EXPIRED_LOGIN_PATH).toBe('/login?expired=true');
    expect(showError).not.toHaveBeenCalled();
  });

  it('429 shows the too-many-requests error', () => {
    showRequestError(new HttpError(429, 'x'));
    expect(showError).toHaveBeenCalledWith('错误：请求次数过多，请稍后再试！');
  });

  it('500 shows the internal-server-error error', () => {
    showRequestError(new HttpError(500, 'x'));
    expect(showError).toHaveBeenCalledWith('错误：服务器内部错误，请联系管理员！');
  });

  it('405 shows the demo-site info', () => {
    showRequestError(new HttpError(405, 'x'));
    expect(showInfo).toHaveBeenCalledWith('本站仅作演示之用，无服务端！');
    expect(showError).not.toHaveBeenCalled();
  });

  it('other statuses show "Error: " and the message, or the status in the console\'s language when the server said nothing', () => {
    showRequestError(new HttpError(404));
    expect(showError).toHaveBeenCalledWith('错误：请求失败（HTTP 404）');
  });

  it('shows the server message of a refused call as the server wrote it (in the language the console asked for)', () => {
    showRequestError(new HttpError(403, '渠道不存在'));
    expect(showError).toHaveBeenCalledWith('错误：渠道不存在');
  });

  it('non-HTTP errors show "Error: " and the message, or the value itself', () => {
    showRequestError(new TypeError('Failed to fetch'));
    expect(showError).toHaveBeenCalledWith('错误：Failed to fetch');
    showRequestError('boom');
    expect(showError).toHaveBeenCalledWith('错误：boom');
  });

  it('business failures show the server message as it is', () => {
    showRequestError(new ApiFailure('用户名或密码错误'));
    expect(showError).toHaveBeenCalledWith('用户名或密码错误');
  });

});
