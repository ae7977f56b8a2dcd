"""MindSpore's audio datasets (msjax/_src/dataset/audio_sources.py): YesNo, LJSpeech,
SpeechCommands, GTZAN, LibriTTS, CMUArctic and TED-LIUM. tests/goldens/scripts/
au20_audio_sources_probe.py writes folders laid out as MindSpore's test data and must print
exactly what MindSpore 2.10 printed: rows (waveform heads, tails and sums to 6 digits), dtypes,
sizes, usages, samplers, shards and errors."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/au20_audio_sources_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_audio_source_case_matches_mindspore(label):
    assert dataset_script_cases("au20_audio_sources_probe.py").get(label) == GOLDEN[label]
