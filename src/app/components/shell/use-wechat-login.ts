import { useEffect, useState } from 'react';
import { getClientConfig } from '../../api/auth.ts';
import { isMiniProgram, isWeChat } from '../../wechat/env.ts';

/**
 * Whether "微信登录" can be offered: inside WeChat (not in a mini-program web-view, where web OAuth
 * does not work), or anywhere while the server runs the WeChat simulator.
 */
export function useWechatLoginAvailable(): boolean {
  const inWeChat = isWeChat() && !isMiniProgram();
  const [simulator, setSimulator] = useState(false);
  useEffect(() => {
    if (inWeChat) return;
    let live = true;
    getClientConfig().then(
      (config) => live && setSimulator(config.simulator),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [inWeChat]);
  return inWeChat || simulator;
}
