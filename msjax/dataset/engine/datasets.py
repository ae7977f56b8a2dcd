"""`mindspore.dataset.engine.datasets`: the pipeline classes."""
# ruff: noqa: F401
from msjax._src.dataset.batching import BatchInfo as BatchInfo
from msjax._src.dataset.batching import BatchDataset as BatchDataset
from msjax._src.dataset.batching import PaddedBatchDataset as PaddedBatchDataset
from msjax._src.dataset.batching import BucketBatchByLengthDataset as BucketBatchByLengthDataset
from msjax._src.dataset.engine import Dataset as Dataset
from msjax._src.dataset.engine import MapDataset as MapDataset
from msjax._src.dataset.engine import ShuffleDataset as ShuffleDataset
from msjax._src.dataset.engine import RepeatDataset as RepeatDataset
from msjax._src.dataset.engine import TakeDataset as TakeDataset
from msjax._src.dataset.engine import SkipDataset as SkipDataset
from msjax._src.dataset.engine import ProjectDataset as ProjectDataset
from msjax._src.dataset.engine import RenameDataset as RenameDataset
from msjax._src.dataset.engine import FilterDataset as FilterDataset
from msjax._src.dataset.engine import ZipDataset as ZipDataset
from msjax._src.dataset.engine import ConcatDataset as ConcatDataset
from msjax._src.dataset.engine import zip_datasets as zip
from msjax._src.dataset.transfer import TransferDataset as TransferDataset
from msjax._src.dataset.sources import GeneratorDataset as GeneratorDataset
from msjax._src.dataset.sources import NumpySlicesDataset as NumpySlicesDataset
from msjax._src.dataset.file_sources import CSVDataset as CSVDataset
from msjax._src.dataset.file_sources import Cifar10Dataset as Cifar10Dataset
from msjax._src.dataset.file_sources import Cifar100Dataset as Cifar100Dataset
from msjax._src.dataset.file_sources import FashionMnistDataset as FashionMnistDataset
from msjax._src.dataset.file_sources import ImageFolderDataset as ImageFolderDataset
from msjax._src.dataset.file_sources import SUN397Dataset as SUN397Dataset
from msjax._src.dataset.file_sources import MnistDataset as MnistDataset
from msjax._src.dataset.file_sources import TextFileDataset as TextFileDataset
from msjax._src.dataset.serialization import DeserializedDataset as DeserializedDataset

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
