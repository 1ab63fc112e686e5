// The board's optional chime: off by default, a toggle in the header (remembered by this screen's browser). Two
// tones at a level change, one a minute before it, made with WebAudio: no sound file.
'use strict';

(function (root) {
  function create(button) {
    let audio = null;
    let count = 0;
    const on = () => localStorage.getItem('board-chime') === 'on';
    const render = () => {
      button.textContent = on() ? '♪ Chime on' : '♪ Chime off';
      button.setAttribute('aria-pressed', String(on()));
    };
    function ring(kind) {
      // Counted even when silent, so a test (or a curious technician) can see when it would have rung.
      button.dataset.count = String(++count);
      button.dataset.last = kind;
      if (!on() || !audio) return;
      const tones = kind === 'minute' ? [660] : [880, 1175];
      tones.forEach((freq, i) => {
        const t = audio.currentTime + i * 0.25;
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.22);
        osc.connect(gain).connect(audio.destination);
        osc.start(t);
        osc.stop(t + 0.25);
      });
    }
    button.addEventListener('click', () => {
      localStorage.setItem('board-chime', on() ? 'off' : 'on');
      render();
      if (!on()) return;
      // Browsers let a page make sound only after a tap: create the audio context on this one.
      const Context = root.AudioContext || root.webkitAudioContext;
      if (Context) {
        audio = audio || new Context();
        void audio.resume();
      }
      ring('minute');
    });
    render();
    return { ring };
  }

  root.BoardChime = { create };
})(typeof window !== 'undefined' ? window : globalThis);
